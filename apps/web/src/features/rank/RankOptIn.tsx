import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { isDemoUser, useSession } from '../../lib/stores/session';
import { showMessage } from '../../lib/toast';
import { Toggle } from '../../lib/toggle';
import { optInQuery, setOptIn } from './queries';
import './rank.css';

/**
 * The user page's switch for appearing on the public ranking. Real accounts only (a demo account's
 * trades are play money); hidden until the current choice is known.
 */
export function RankOptIn() {
  const user = useSession((s) => s.user);
  const real = user !== null && !isDemoUser(user);
  const userId = Number(user?.id ?? 0);
  return real && userId > 0 ? <OptInSwitch userId={userId} /> : null;
}

function OptInSwitch({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const query = useQuery(optInQuery(userId));
  const [saving, setSaving] = useState(false);
  if (!query.data) return null;
  const { on, user } = query.data;

  const change = (next: boolean) => {
    setSaving(true);
    setOptIn(userId, next)
      .then(() => showMessage('success', t(next ? 'rank.opt_in_done' : 'rank.opt_out_done')))
      // The API client has shown the server's answer.
      .catch(() => undefined)
      .finally(() => setSaving(false));
  };

  return (
    <section className="user-menu rank-opt-in">
      <Toggle
        label={t('rank.opt_in')}
        description={t('rank.opt_in_desc', { name: user })}
        checked={on === 1}
        disabled={saving}
        onChange={change}
        testId="rank-opt-in"
      />
    </section>
  );
}
