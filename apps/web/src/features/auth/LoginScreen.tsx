import { ComingSoonPanel } from '../coming-soon/ComingSoonPanel';

/** Login is built by a later issue; the page and its test id exist now because the guards lead here. */
export function LoginScreen() {
  return (
    <div data-testid="page-login">
      <ComingSoonPanel showBack />
    </div>
  );
}
