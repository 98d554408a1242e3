import type {
  AdminPaidForm,
  StaffAdjustForm,
  StaffApproval,
  StaffApprovalDecisionForm,
  StaffApprovalPage,
  StaffApprovalQuery,
  StaffAuditPage,
  StaffAuditQuery,
  StaffCompany,
  StaffCompanyForm,
  StaffCompanyPage,
  StaffCompanyQuery,
  StaffCreated,
  StaffCreateForm,
  StaffCreditForm,
  StaffDashboard,
  StaffDepositAddressForm,
  StaffDepositBankForm,
  StaffDrawCurrencyForm,
  StaffFundingOptions,
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
  StaffNewsArticle,
  StaffNewsForm,
  StaffNewsPage,
  StaffNewsQuery,
  StaffOk,
  StaffOrderPage,
  StaffPreview,
  StaffPreviewForm,
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
import type { NoInput } from './no-input.js';
import { staffRoute, visitorRoute } from './route.js';

const finance = { roles: ['finance'], automation: true } as const;
const compliance = { roles: ['compliance'], automation: true } as const;
/** Reading a trader's record: every desk that deals with traders. */
const userDesk = { roles: ['finance', 'compliance', 'support'] } as const;
const content = { roles: ['content'] } as const;
const anyStaff = { roles: ['finance', 'compliance', 'dealing', 'support', 'content'] } as const;

/**
 * The back office (the console at /admin). Every staff call needs a staff session (`x-staff-token`)
 * whose role the route lists, `owner` always; the review queues also take the scoped automation
 * token. Every change is written to the audit log with its actor, before and after.
 */
export const staffRoutes = {
  // Sign-in (no session yet).
  staffLogin: visitorRoute<typeof StaffLoginForm, typeof StaffLoginAnswer>('POST', '/api/staff/login'),
  staffSetup: visitorRoute<typeof StaffSetupForm, typeof StaffSession>('POST', '/api/staff/setup'),
  staffMe: staffRoute<typeof NoInput, typeof StaffMe>('GET', '/api/staff/me', anyStaff),
  staffLogout: staffRoute<typeof NoInput, typeof StaffOk>('POST', '/api/staff/logout', anyStaff),
  staffDashboard: staffRoute<typeof NoInput, typeof StaffDashboard>('GET', '/api/staff/dashboard', anyStaff),

  // Staff (owner).
  staffMembers: staffRoute<typeof NoInput, typeof StaffMemberList>('GET', '/api/staff/members'),
  staffCreate: staffRoute<typeof StaffCreateForm, typeof StaffCreated>('POST', '/api/staff/members/create'),
  staffUpdate: staffRoute<typeof StaffUpdateForm, typeof StaffMember>('POST', '/api/staff/members/update'),
  staffResetAccess: staffRoute<typeof StaffIdForm, typeof StaffCreated>('POST', '/api/staff/members/reset'),

  // Review queues.
  adminDeposits: staffRoute<typeof AdminListQuery, typeof AdminDepositPage>(
    'GET',
    '/api/admin/deposits',
    finance,
  ),
  adminDepositApprove: staffRoute<typeof AdminDecisionForm, typeof AdminDeposit>(
    'POST',
    '/api/admin/deposits/approve',
    finance,
  ),
  adminDepositReject: staffRoute<typeof AdminDecisionForm, typeof AdminDeposit>(
    'POST',
    '/api/admin/deposits/reject',
    finance,
  ),
  adminDepositInvalid: staffRoute<typeof AdminDecisionForm, typeof AdminDeposit>(
    'POST',
    '/api/admin/deposits/invalid',
    finance,
  ),
  adminWithdrawals: staffRoute<typeof AdminListQuery, typeof AdminWithdrawalPage>(
    'GET',
    '/api/admin/withdrawals',
    finance,
  ),
  adminWithdrawalApprove: staffRoute<typeof AdminDecisionForm, typeof AdminWithdrawal>(
    'POST',
    '/api/admin/withdrawals/approve',
    finance,
  ),
  adminWithdrawalPaid: staffRoute<typeof AdminPaidForm, typeof AdminWithdrawal>(
    'POST',
    '/api/admin/withdrawals/paid',
    finance,
  ),
  adminWithdrawalReject: staffRoute<typeof AdminDecisionForm, typeof AdminWithdrawal>(
    'POST',
    '/api/admin/withdrawals/reject',
    finance,
  ),
  adminKyc: staffRoute<typeof AdminListQuery, typeof AdminKycPage>('GET', '/api/admin/kyc', compliance),
  adminKycApprove: staffRoute<typeof AdminDecisionForm, typeof AdminKyc>(
    'POST',
    '/api/admin/kyc/approve',
    compliance,
  ),
  adminKycReject: staffRoute<typeof AdminDecisionForm, typeof AdminKyc>(
    'POST',
    '/api/admin/kyc/reject',
    compliance,
  ),

  // Users.
  staffUsers: staffRoute<typeof StaffUserQuery, typeof StaffUserPage>('GET', '/api/staff/users', userDesk),
  staffUser: staffRoute<typeof StaffIdForm, typeof StaffUserProfile>(
    'GET',
    '/api/staff/users/profile',
    userDesk,
  ),
  staffUserLedger: staffRoute<typeof StaffUserPageQuery, typeof StaffLedgerPage>(
    'GET',
    '/api/staff/users/ledger',
    userDesk,
  ),
  staffUserOrders: staffRoute<typeof StaffUserPageQuery, typeof StaffOrderPage>(
    'GET',
    '/api/staff/users/orders',
    userDesk,
  ),
  staffUserRestrict: staffRoute<typeof StaffRestrictForm, typeof StaffUserRow>(
    'POST',
    '/api/staff/users/restrict',
    {
      roles: ['compliance'],
    },
  ),
  staffUserCredit: staffRoute<typeof StaffCreditForm, typeof StaffUserRow>(
    'POST',
    '/api/staff/users/credit',
    {
      roles: ['compliance'],
    },
  ),
  staffUserLogout: staffRoute<typeof StaffUserActionForm, typeof StaffOk>('POST', '/api/staff/users/logout', {
    roles: ['compliance', 'support'],
  }),
  staffUserAvatarRemove: staffRoute<typeof StaffUserActionForm, typeof StaffOk>(
    'POST',
    '/api/staff/users/strategy_avatar_remove',
    { roles: ['compliance', 'support'] },
  ),
  staffUserTwoFactorReset: staffRoute<typeof StaffUserActionForm, typeof StaffApproval>(
    'POST',
    '/api/staff/users/two_factor_reset',
    { roles: ['compliance', 'support'] },
  ),
  staffUserAdjust: staffRoute<typeof StaffAdjustForm, typeof StaffApproval>(
    'POST',
    '/api/staff/users/adjust',
    {
      roles: ['finance'],
    },
  ),

  // Four eyes.
  staffApprovals: staffRoute<typeof StaffApprovalQuery, typeof StaffApprovalPage>(
    'GET',
    '/api/staff/approvals',
    {
      roles: ['finance', 'compliance'],
    },
  ),
  staffApprovalApprove: staffRoute<typeof StaffApprovalDecisionForm, typeof StaffApproval>(
    'POST',
    '/api/staff/approvals/approve',
    { roles: ['finance', 'compliance'] },
  ),
  staffApprovalReject: staffRoute<typeof StaffApprovalDecisionForm, typeof StaffApproval>(
    'POST',
    '/api/staff/approvals/reject',
    { roles: ['finance', 'compliance'] },
  ),

  // Dealing desk.
  staffInstruments: staffRoute<typeof NoInput, typeof StaffInstrumentList>('GET', '/api/staff/instruments', {
    roles: ['dealing'],
  }),
  staffInstrumentUpdate: staffRoute<typeof StaffInstrumentForm, typeof StaffInstrument>(
    'POST',
    '/api/staff/instruments/update',
    { roles: ['dealing'] },
  ),
  staffSettings: staffRoute<typeof NoInput, typeof StaffSettingList>('GET', '/api/staff/settings', {
    roles: ['dealing'],
  }),
  staffSettingUpdate: staffRoute<typeof StaffSettingForm, typeof StaffSetting>(
    'POST',
    '/api/staff/settings/update',
    {
      roles: ['dealing'],
    },
  ),

  staffFundingOptions: staffRoute<typeof NoInput, typeof StaffFundingOptions>(
    'GET',
    '/api/staff/funding_options',
    {
      roles: ['dealing'],
    },
  ),
  staffDepositAddressSave: staffRoute<typeof StaffDepositAddressForm, typeof StaffFundingOptions>(
    'POST',
    '/api/staff/funding_options/deposit_address',
    { roles: ['dealing'] },
  ),
  staffDepositBankSave: staffRoute<typeof StaffDepositBankForm, typeof StaffFundingOptions>(
    'POST',
    '/api/staff/funding_options/deposit_bank',
    { roles: ['dealing'] },
  ),
  staffDrawCurrencySave: staffRoute<typeof StaffDrawCurrencyForm, typeof StaffFundingOptions>(
    'POST',
    '/api/staff/funding_options/draw_currency',
    { roles: ['dealing'] },
  ),

  // Content.
  staffNews: staffRoute<typeof StaffNewsQuery, typeof StaffNewsPage>('GET', '/api/staff/news', content),
  staffNewsArticle: staffRoute<typeof StaffIdForm, typeof StaffNewsArticle>(
    'GET',
    '/api/staff/news/article',
    content,
  ),
  staffNewsSave: staffRoute<typeof StaffNewsForm, typeof StaffNewsArticle>(
    'POST',
    '/api/staff/news/save',
    content,
  ),
  staffNewsPreview: staffRoute<typeof StaffPreviewForm, typeof StaffPreview>(
    'POST',
    '/api/staff/news/preview',
    content,
  ),
  staffCompanies: staffRoute<typeof StaffCompanyQuery, typeof StaffCompanyPage>(
    'GET',
    '/api/staff/companies',
    content,
  ),
  staffCompanySave: staffRoute<typeof StaffCompanyForm, typeof StaffCompany>(
    'POST',
    '/api/staff/companies/save',
    content,
  ),

  // Risk and audit.
  staffRisk: staffRoute<typeof NoInput, typeof StaffRisk>('GET', '/api/staff/risk', {
    roles: ['dealing', 'finance'],
  }),
  staffAudit: staffRoute<typeof StaffAuditQuery, typeof StaffAuditPage>('GET', '/api/staff/audit', {
    roles: ['compliance'],
  }),
} as const;
