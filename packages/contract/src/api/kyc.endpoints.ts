import { AuthCenter, RealNameForm } from '../funding.js';
import { defineEndpoints } from './endpoint.js';
import { kycRoutes } from './kyc.routes.js';
import { NoInput } from './no-input.js';

export const kycEndpoints = defineEndpoints('kyc', kycRoutes, {
  realName: {
    request: RealNameForm,
    response: AuthCenter,
    summary: 'Send name, ID number and both pictures of the ID card for review (one submission at a time).',
    errors: [
      'name_required',
      'id_number_required',
      'picture_required',
      'auth_pending',
      'auth_done',
      'picture_not_owned',
    ],
  },
  authCenter: {
    request: NoInput,
    response: AuthCenter,
    summary: "The caller's verification state, with the reason when the last submission was refused.",
    errors: [],
  },
});
