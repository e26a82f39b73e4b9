// The admin area (issue 9). Routes under src/routes/admin compose these pages.
export { AdminLayout } from './components/admin-layout';
export { DashboardPage } from './pages/dashboard-page';
export { CallbacksPage } from './pages/callbacks-page';
export { NewsListPage } from './pages/news-list-page';
export { NewsEditorPage } from './pages/news-editor-page';
export { GlossaryListPage } from './pages/glossary-list-page';
export { GlossaryEditorPage } from './pages/glossary-editor-page';
export { FaqListPage } from './pages/faq-list-page';
export { FaqEditorPage } from './pages/faq-editor-page';
export { PolicyTypesPage } from './pages/policy-types-page';
export { PolicyTypeEditorPage } from './pages/policy-type-editor-page';
export { UsersPage } from './pages/users-page';
export { UserPoliciesPage } from './pages/user-policies-page';
export { PasswordPage } from './pages/password-page';
