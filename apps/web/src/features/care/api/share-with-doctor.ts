import { careLinkSchema, type CareLink } from '@tend/shared';
import { sendTo, useRefreshingMutation } from '../../../lib/api-hooks';
import { careKeys } from './keys';

const postLink = sendTo<{ doctorId: string }, CareLink>('POST', '/care-links', careLinkSchema);

/** POST /api/v1/care-links: 201; 409 already_shared when this doctor already has access. */
export const shareWithDoctor = (doctorId: string) => postLink({ doctorId });

export const useShareWithDoctor = () =>
  useRefreshingMutation(shareWithDoctor, [careKeys.links, careKeys.accessLog], {
    alsoOnFailure: true,
  });
