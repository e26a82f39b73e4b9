export { call, failure, thrown, type ApiError, type ApiResult } from '@/lib/api-call';
