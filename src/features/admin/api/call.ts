export { call, failure, type ApiError, type ApiResult } from '@/lib/api-call';
