import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { router } from './app/router';
import { initialise, prepare } from './app/startup';
import './app/theme.css';
import './lib/react19-render';

async function main(): Promise<void> {
  await prepare();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
  await initialise();
}

main().catch((error: unknown) => {
  console.error('start-up failed', error);
});
