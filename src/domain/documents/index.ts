// Policy documents: what may be attached, and the upload queue's decisions (pure).
export * from './limits';
export * from './transfer';
