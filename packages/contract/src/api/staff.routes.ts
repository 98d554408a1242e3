import type {
  AdminDecisionForm,
  AdminDeposit,
  AdminDepositPage,
  AdminKyc,
  AdminKycPage,
  AdminListQuery,
  AdminWithdrawal,
  AdminWithdrawalPage,
} from '../funding.js';
import { staffRoute } from './route.js';

/**
 * The operator's review of deposits, withdrawals and real-name submissions, until the operator
 * console exists: every call needs the x-admin-token header (ADMIN_TOKEN; without it the API does
 * not exist), and each decision records the operator's name and the time.
 */
export const staffRoutes = {
  adminDeposits: staffRoute<typeof AdminListQuery, typeof AdminDepositPage>('GET', '/api/admin/deposits'),
  adminDepositApprove: staffRoute<typeof AdminDecisionForm, typeof AdminDeposit>(
    'POST',
    '/api/admin/deposits/approve',
  ),
  adminDepositReject: staffRoute<typeof AdminDecisionForm, typeof AdminDeposit>(
    'POST',
    '/api/admin/deposits/reject',
  ),
  adminDepositInvalid: staffRoute<typeof AdminDecisionForm, typeof AdminDeposit>(
    'POST',
    '/api/admin/deposits/invalid',
  ),
  adminWithdrawals: staffRoute<typeof AdminListQuery, typeof AdminWithdrawalPage>(
    'GET',
    '/api/admin/withdrawals',
  ),
  adminWithdrawalApprove: staffRoute<typeof AdminDecisionForm, typeof AdminWithdrawal>(
    'POST',
    '/api/admin/withdrawals/approve',
  ),
  adminWithdrawalReject: staffRoute<typeof AdminDecisionForm, typeof AdminWithdrawal>(
    'POST',
    '/api/admin/withdrawals/reject',
  ),
  adminKyc: staffRoute<typeof AdminListQuery, typeof AdminKycPage>('GET', '/api/admin/kyc'),
  adminKycApprove: staffRoute<typeof AdminDecisionForm, typeof AdminKyc>('POST', '/api/admin/kyc/approve'),
  adminKycReject: staffRoute<typeof AdminDecisionForm, typeof AdminKyc>('POST', '/api/admin/kyc/reject'),
} as const;
