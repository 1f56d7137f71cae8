import { careLinkListSchema, type CareLink } from '@tend/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { careKeys } from './keys';

/** GET /api/v1/care-links: the doctors this patient shares with. */
export async function fetchCareLinks(signal?: AbortSignal): Promise<CareLink[]> {
  const { careLinks } = await apiRequest('/care-links', { schema: careLinkListSchema, signal });
  return careLinks;
}

export function useCareLinks() {
  return useQuery({ queryKey: careKeys.links, queryFn: ({ signal }) => fetchCareLinks(signal) });
}
