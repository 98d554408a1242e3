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
import { staffRoutes } from './staff.routes.js';

/** A decision is taken once: a record already decided (or unknown) says so and changes nothing. */
const DECISION_ERRORS: readonly ErrorKey[] = ['record_not_found', 'record_already_decided'];

export const staffEndpoints = defineEndpoints('staff', staffRoutes, {
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
    summary: 'Mark a processing withdrawal paid: its frozen amount leaves the account.',
    errors: DECISION_ERRORS,
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
});
