/**
 * DOM tests (the files that opt into happy-dom): waitFor and findBy* give a condition up to 10 s
 * instead of Testing Library's 1 s. They return as soon as it holds; the bound only matters on a
 * loaded machine, where a sheet's closing animation alone outlasted 1 s (one run in six or eight).
 */
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 10_000 });
}

export {};
