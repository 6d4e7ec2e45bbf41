import { ChakraProvider } from '@chakra-ui/react';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './app-routes.js';
import { SessionProvider } from './views/session/session-context.js';
import { startInspector } from './inspector.js';
import { useSystem } from './theme-loader.js';

/** Chakra with the first screen's system, switched to the full one when another screen loads. */
function Themed({ children }: { children: ReactNode }) {
  return <ChakraProvider value={useSystem()}>{children}</ChakraProvider>;
}

// In development with ?inspect, the inspector is ready before the first actor starts.
void startInspector().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Themed>
        <BrowserRouter>
          <SessionProvider>
            <AppRoutes />
          </SessionProvider>
        </BrowserRouter>
      </Themed>
    </StrictMode>,
  ),
);
