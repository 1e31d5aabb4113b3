import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZCertificate, type TCertificate } from '#shared/courses/lessons.schemas';
import { apiGet, encodeId } from '#client/lib/api-client';
import { certificateKey } from './query-keys';

/** GET /api/certificates/{code}: public; confirms a certificate to anyone holding its code. */
export async function getCertificate(code: string, signal?: AbortSignal): Promise<TCertificate> {
  return ZCertificate.parse(await apiGet<unknown>(`/api/certificates/${encodeId(code)}`, signal));
}

export const certificateQueryOptions = (code: string) =>
  queryOptions({
    queryKey: certificateKey(code),
    queryFn: ({ signal }) => getCertificate(code, signal),
    // A certificate never changes once issued.
    staleTime: Infinity,
  });

export function useCertificate(code: string | null | undefined) {
  return useQuery({ ...certificateQueryOptions(code ?? ''), enabled: Boolean(code) });
}
