import {
  AdminPaidForm,
  StaffAdjustForm,
  StaffApproval,
  StaffApprovalDecisionForm,
  StaffApprovalPage,
  StaffApprovalQuery,
  StaffAuditPage,
  StaffAuditQuery,
  StaffCreated,
  StaffCreateForm,
  StaffCreditForm,
  StaffDashboard,
  StaffIdForm,
  StaffInstrument,
  StaffInstrumentForm,
  StaffInstrumentList,
  StaffLedgerPage,
  StaffLoginAnswer,
  StaffLoginForm,
  StaffMe,
  StaffMember,
  StaffMemberList,
  StaffOk,
  StaffOrderPage,
  StaffRestrictForm,
  StaffRisk,
  StaffSession,
  StaffSetting,
  StaffSettingForm,
  StaffSettingList,
  StaffSetupForm,
  StaffUpdateForm,
  StaffUserActionForm,
  StaffUserPage,
  StaffUserPageQuery,
  StaffUserProfile,
  StaffUserQuery,
  StaffUserRow,
} from '../backoffice.js';
import type { ErrorKey } from '../errors.js';
import {
  AdminDecisionForm,
  AdminDeposit,
  AdminDepositPage,
  AdminKyc,
  AdminKycPage,
  AdminListQuery,
  AdminWithdrawal,
  AdminWithdrawalPage,
} from '../funding.js';
import { defineEndpoints } from './endpoint.js';
import { NoInput } from './no-input.js';
import { staffRoutes } from './staff.routes.js';

/** A decision is taken once: a record already decided (or unknown) says so and changes nothing. */
const DECISION_ERRORS: readonly ErrorKey[] = ['record_not_found', 'record_already_decided'];
const USER_ERRORS: readonly ErrorKey[] = ['record_not_found'];
const APPROVAL_ERRORS: readonly ErrorKey[] = [
  'approval_not_found',
  'approval_decided',
  'four_eyes_same_member',
  'insufficient_balance',
];

export const staffEndpoints = defineEndpoints('staff', staffRoutes, {
  staffLogin: {
    request: StaffLoginForm,
    response: StaffLoginAnswer,
    summary:
      'Staff sign-in: email, password and, once enrolled, the TOTP code. First sign-in answers `setup` with a secret to enrol.',
    errors: ['staff_login_failed', 'staff_code_invalid', 'staff_address_refused'],
  },
  staffSetup: {
    request: StaffSetupForm,
    response: StaffSession,
    summary:
      'First sign-in: sets the member’s own password and enables TOTP with a code from the new secret.',
    errors: [
      'staff_setup_expired',
      'staff_code_invalid',
      'weak_password',
      'staff_password_reused',
      'staff_address_refused',
    ],
  },
  staffMe: { request: NoInput, response: StaffMe, summary: 'The signed-in member.', errors: [] },
  staffLogout: { request: NoInput, response: StaffOk, summary: 'Ends this staff session.', errors: [] },
  staffDashboard: {
    request: NoInput,
    response: StaffDashboard,
    summary: 'Counts of what waits for a decision, and sign-ups.',
    errors: [],
  },
  staffMembers: { request: NoInput, response: StaffMemberList, summary: 'Every staff member.', errors: [] },
  staffCreate: {
    request: StaffCreateForm,
    response: StaffCreated,
    summary:
      'Adds a member with a role; answers a one-time password (changed, and TOTP enrolled, at first sign-in).',
    errors: ['staff_email_taken'],
  },
  staffUpdate: {
    request: StaffUpdateForm,
    response: StaffMember,
    summary: 'Changes a member’s role or disables them (their sessions end at once).',
    errors: ['record_not_found', 'staff_last_owner'],
  },
  staffResetAccess: {
    request: StaffIdForm,
    response: StaffCreated,
    summary:
      'A new one-time password and a new TOTP enrolment for a member who lost access; their sessions end.',
    errors: ['record_not_found'],
  },
  adminDeposits: {
    request: AdminListQuery,
    response: AdminDepositPage,
    summary: 'One page of deposits (50), newest first, optionally of one status.',
    errors: [],
  },
  adminDepositApprove: {
    request: AdminDecisionForm,
    response: AdminDeposit,
    summary: 'Approve a waiting deposit: its amount is credited to the free balance in the same transaction.',
    errors: DECISION_ERRORS,
  },
  adminDepositReject: {
    request: AdminDecisionForm,
    response: AdminDeposit,
    summary: 'Reject a waiting deposit with a reason the trader reads.',
    errors: DECISION_ERRORS,
  },
  adminDepositInvalid: {
    request: AdminDecisionForm,
    response: AdminDeposit,
    summary: 'Mark a waiting deposit invalid, with a reason the trader reads.',
    errors: DECISION_ERRORS,
  },
  adminWithdrawals: {
    request: AdminListQuery,
    response: AdminWithdrawalPage,
    summary: 'One page of withdrawals (50), newest first, optionally of one status.',
    errors: [],
  },
  adminWithdrawalApprove: {
    request: AdminDecisionForm,
    response: AdminWithdrawal,
    summary:
      'Approve a processing withdrawal. Above `withdraw_four_eyes_usd` it needs a second approval by another member before it may be paid.',
    errors: [...DECISION_ERRORS, 'four_eyes_same_member'],
  },
  adminWithdrawalPaid: {
    request: AdminPaidForm,
    response: AdminWithdrawal,
    summary:
      'Mark an approved withdrawal paid with its transaction reference: its frozen amount leaves the account.',
    errors: [...DECISION_ERRORS, 'withdrawal_not_approved'],
  },
  adminWithdrawalReject: {
    request: AdminDecisionForm,
    response: AdminWithdrawal,
    summary: 'Reject a processing withdrawal with a reason: its frozen amount returns to the free balance.',
    errors: DECISION_ERRORS,
  },
  adminKyc: {
    request: AdminListQuery,
    response: AdminKycPage,
    summary: 'One page of real-name submissions (50), newest first, optionally of one status.',
    errors: [],
  },
  adminKycApprove: {
    request: AdminDecisionForm,
    response: AdminKyc,
    summary: 'Approve a waiting real-name submission.',
    errors: DECISION_ERRORS,
  },
  adminKycReject: {
    request: AdminDecisionForm,
    response: AdminKyc,
    summary: 'Refuse a waiting real-name submission with a reason; the trader may send again.',
    errors: DECISION_ERRORS,
  },
  staffUsers: {
    request: StaffUserQuery,
    response: StaffUserPage,
    summary: 'Traders by email, phone, uid or id (50 a page).',
    errors: [],
  },
  staffUser: {
    request: StaffIdForm,
    response: StaffUserProfile,
    summary: 'One trader: balances, restrictions, real-name state, copies and sign-in history.',
    errors: USER_ERRORS,
  },
  staffUserLedger: {
    request: StaffUserPageQuery,
    response: StaffLedgerPage,
    summary: 'A trader’s ledger, newest first.',
    errors: USER_ERRORS,
  },
  staffUserOrders: {
    request: StaffUserPageQuery,
    response: StaffOrderPage,
    summary: 'A trader’s orders, newest first.',
    errors: USER_ERRORS,
  },
  staffUserRestrict: {
    request: StaffRestrictForm,
    response: StaffUserRow,
    summary: 'Freezes or frees a trader’s trading (new orders) and withdrawals, on every node at once.',
    errors: USER_ERRORS,
  },
  staffUserCredit: {
    request: StaffCreditForm,
    response: StaffUserRow,
    summary: 'Sets a trader’s credit score.',
    errors: USER_ERRORS,
  },
  staffUserLogout: {
    request: StaffUserActionForm,
    response: StaffOk,
    summary: 'Ends every session of a trader, on every node.',
    errors: USER_ERRORS,
  },
  staffUserTwoFactorReset: {
    request: StaffUserActionForm,
    response: StaffApproval,
    summary: 'Asks for a trader’s two-step sign-in to be switched off; a second member approves it.',
    errors: USER_ERRORS,
  },
  staffUserAdjust: {
    request: StaffAdjustForm,
    response: StaffApproval,
    summary:
      'Asks for a manual credit or debit with a reason; it is booked (ledger kind `adjustment`) when a second member approves.',
    errors: [...USER_ERRORS, 'amount_invalid'],
  },
  staffApprovals: {
    request: StaffApprovalQuery,
    response: StaffApprovalPage,
    summary: 'Requests waiting for (or decided by) a second member.',
    errors: [],
  },
  staffApprovalApprove: {
    request: StaffApprovalDecisionForm,
    response: StaffApproval,
    summary: 'Approves another member’s request: it takes effect in the same transaction.',
    errors: APPROVAL_ERRORS,
  },
  staffApprovalReject: {
    request: StaffApprovalDecisionForm,
    response: StaffApproval,
    summary: 'Refuses a request; nothing changes.',
    errors: APPROVAL_ERRORS,
  },
  staffInstruments: {
    request: NoInput,
    response: StaffInstrumentList,
    summary: 'Every instrument with its dealing terms and live quote.',
    errors: [],
  },
  staffInstrumentUpdate: {
    request: StaffInstrumentForm,
    response: StaffInstrument,
    summary: 'Changes an instrument’s terms; every node applies them at once, without a restart.',
    errors: ['unknown_instrument', 'instrument_terms_invalid'],
  },
  staffSettings: {
    request: NoInput,
    response: StaffSettingList,
    summary: 'The operator settings.',
    errors: [],
  },
  staffSettingUpdate: {
    request: StaffSettingForm,
    response: StaffSetting,
    summary: 'Changes one setting, validated for its kind; every node applies it at once.',
    errors: ['setting_invalid'],
  },
  staffRisk: {
    request: NoInput,
    response: StaffRisk,
    summary: 'Net exposure per instrument, accounts by margin level, largest floating P&L and today’s flows.',
    errors: [],
  },
  staffAudit: {
    request: StaffAuditQuery,
    response: StaffAuditPage,
    summary: 'The audit log of staff actions, newest first (append-only).',
    errors: [],
  },
});
