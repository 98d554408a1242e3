import { routes } from '@meridian/contract';
import { Link } from 'react-router';
import { canCall } from '../access';
import { useMe } from '../shell/me';

/** A trader's id, linked to their page when the member's role may open it. */
export function UserLink({ id, text }: { id: number; text?: string }) {
  const me = useMe();
  const label = text ?? `#${id}`;
  return canCall(me.role, routes.staffUser) ? <Link to={`/users/${id}`}>{label}</Link> : <span>{label}</span>;
}
