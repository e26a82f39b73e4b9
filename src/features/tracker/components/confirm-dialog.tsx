export { ConfirmDialog } from '@/components/ui/confirm-dialog';
