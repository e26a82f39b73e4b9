// The admin area (issue 9). Routes under src/routes/admin compose these pages; the content
// resources (news, glossary, FAQs, policy types) are descriptions in ./resources.
export { AdminLayout } from './components/admin-layout';
export { DashboardPage } from './pages/dashboard-page';
export { CallbacksPage } from './pages/callbacks-page';
export { adminResources, findAdminResource, type AdminResource } from './resources';
export { UsersPage } from './pages/users-page';
export { UserPoliciesPage } from './pages/user-policies-page';
export { PasswordPage } from './pages/password-page';
