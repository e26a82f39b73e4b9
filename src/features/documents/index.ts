// Documents attached to a policy (issue 17): attach, view offline, rename, delete; the policy
// page renders the section. The compressor and the viewer load only when used.
export { PolicyDocumentsSection } from './policy-documents-section';
