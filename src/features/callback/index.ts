export { CallbackForm } from './callback-form';
