import { useLocation, useNavigate } from 'react-router';
import { PATHS } from './paths';

/** Back goes to the previous in-app page, or home when the page was opened directly. */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return () => {
    if (location.key !== 'default') void navigate(-1);
    else void navigate(PATHS.home, { replace: true });
  };
}
