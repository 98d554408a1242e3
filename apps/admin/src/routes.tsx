import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { Gate, NotFound, RequireSession } from './shell/guards';
import { PageLoading, Shell } from './shell/shell';

// One chunk per page (antd and React live in their own shared chunks, see vite.config.ts).
const LoginPage = lazy(() => import('./pages/login').then((m) => ({ default: m.LoginPage })));
const DashboardPage = lazy(() => import('./pages/dashboard').then((m) => ({ default: m.DashboardPage })));
const DepositsPage = lazy(() => import('./pages/deposits').then((m) => ({ default: m.DepositsPage })));
const WithdrawalsPage = lazy(() =>
  import('./pages/withdrawals').then((m) => ({ default: m.WithdrawalsPage })),
);
const KycPage = lazy(() => import('./pages/kyc').then((m) => ({ default: m.KycPage })));
const UsersPage = lazy(() => import('./pages/users').then((m) => ({ default: m.UsersPage })));
const UserPage = lazy(() => import('./pages/user').then((m) => ({ default: m.UserPage })));
const ApprovalsPage = lazy(() => import('./pages/approvals').then((m) => ({ default: m.ApprovalsPage })));
const DealingPage = lazy(() => import('./pages/dealing').then((m) => ({ default: m.DealingPage })));
const RiskPage = lazy(() => import('./pages/risk').then((m) => ({ default: m.RiskPage })));
const ContentPage = lazy(() => import('./pages/content').then((m) => ({ default: m.ContentPage })));
const AuditPage = lazy(() => import('./pages/audit').then((m) => ({ default: m.AuditPage })));
const StaffPage = lazy(() => import('./pages/staff').then((m) => ({ default: m.StaffPage })));

export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/login"
        element={
          <Suspense fallback={<PageLoading />}>
            <LoginPage />
          </Suspense>
        }
      />
      <Route
        element={
          <RequireSession>
            <Shell />
          </RequireSession>
        }
      >
        <Route index element={<Navigate to="/dashboard" replace />} />
        <Route
          path="dashboard"
          element={
            <Gate page="dashboard">
              <DashboardPage />
            </Gate>
          }
        />
        <Route
          path="deposits"
          element={
            <Gate page="deposits">
              <DepositsPage />
            </Gate>
          }
        />
        <Route
          path="withdrawals"
          element={
            <Gate page="withdrawals">
              <WithdrawalsPage />
            </Gate>
          }
        />
        <Route
          path="kyc"
          element={
            <Gate page="kyc">
              <KycPage />
            </Gate>
          }
        />
        <Route
          path="users"
          element={
            <Gate page="users">
              <UsersPage />
            </Gate>
          }
        />
        <Route
          path="users/:id"
          element={
            <Gate page="users">
              <UserPage />
            </Gate>
          }
        />
        <Route
          path="approvals"
          element={
            <Gate page="approvals">
              <ApprovalsPage />
            </Gate>
          }
        />
        <Route
          path="dealing"
          element={
            <Gate page="dealing">
              <DealingPage />
            </Gate>
          }
        />
        <Route
          path="risk"
          element={
            <Gate page="risk">
              <RiskPage />
            </Gate>
          }
        />
        <Route
          path="content"
          element={
            <Gate page="content">
              <ContentPage />
            </Gate>
          }
        />
        <Route
          path="audit"
          element={
            <Gate page="audit">
              <AuditPage />
            </Gate>
          }
        />
        <Route
          path="staff"
          element={
            <Gate page="staff">
              <StaffPage />
            </Gate>
          }
        />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
