import type { ReactElement, ReactNode } from 'react';
import { render as rtlRender } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { cssVariablesResolver, useAppTheme } from '@/config/theme';

function Wrapper({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={useAppTheme()} cssVariablesResolver={cssVariablesResolver}>
      {children}
    </MantineProvider>
  );
}

export function render(ui: ReactElement) {
  return rtlRender(ui, { wrapper: Wrapper });
}

/**
 * Renders a screen inside a real router (Links and useNavigate need one). Every path renders
 * the screen, so a navigation shows only in `router.state.location`.
 */
export function renderWithRouter(ui: ReactElement, path = '/policy-tracker') {
  const root = createRootRoute({ component: Outlet });
  const page = createRoute({ getParentRoute: () => root, path: '$', component: () => ui });
  const router = createRouter({
    routeTree: root.addChildren([page]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const view = render(<RouterProvider router={router} />);
  return { ...view, router };
}

export { screen, within, waitFor, fireEvent } from '@testing-library/react';
export { default as userEvent } from '@testing-library/user-event';
