/**
 * DOM tests: waitFor and findBy* give a condition up to 10 s instead of Testing Library's 1 s (as in
 * apps/web). They return as soon as it holds; the bound only matters on a loaded machine, where CI
 * runs browsers and servers beside these tests.
 */
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 10_000 });
