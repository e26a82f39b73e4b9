export interface AuthRequest {
  method: string;
  /** below /auth/v1, e.g. "/token" */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | undefined>;
  body: string;
  bearer: string | undefined;
  /** Who is asking, for rate limits (see clientIp in rate-limit.ts). */
  clientIp: string;
}

export interface AuthResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}
