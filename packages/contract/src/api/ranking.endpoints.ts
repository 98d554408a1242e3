import { OptInForm, OptInState, RankingList } from '../ranking.js';
import { defineEndpoints } from './endpoint.js';
import { NoInput } from './no-input.js';
import { rankingRoutes } from './ranking.routes.js';

export const rankingEndpoints = defineEndpoints('ranking', rankingRoutes, {
  rankingList: {
    request: NoInput,
    response: RankingList,
    summary: 'The top of the leaders board from the last snapshot.',
    errors: [],
  },
  optIn: {
    request: NoInput,
    response: OptInState,
    summary: 'Whether the caller chose to appear on the board, and the name it would show.',
    errors: [],
  },
  setOptIn: {
    request: OptInForm,
    response: OptInState,
    summary: 'Appear on the board (1, from the next refresh) or leave it at once (0).',
    errors: [],
  },
});
