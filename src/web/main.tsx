import { ChakraProvider } from '@chakra-ui/react';
import { system } from './theme.js';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './app-routes.js';
import { SessionProvider } from './views/session/session-context.js';
import { startInspector } from './inspector.js';

// In development with ?inspect, the inspector is ready before the first actor starts.
void startInspector().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ChakraProvider value={system}>
        <BrowserRouter>
          <SessionProvider>
            <AppRoutes />
          </SessionProvider>
        </BrowserRouter>
      </ChakraProvider>
    </StrictMode>,
  ),
);
