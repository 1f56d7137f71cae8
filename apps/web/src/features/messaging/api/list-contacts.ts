import { careLinkListSchema, PAGE_LIMIT_MAX, type UserType } from '@tend/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { pagedQuery } from '../../../lib/api-hooks';
import { messagingKeys } from './keys';

export interface Contact {
  _id: string;
  name: string;
}

/**
 * GET /api/v1/care-links, as the people I can start a conversation with: a patient's doctors, a
 * doctor's patients.
 */
export function useContacts(userType: UserType) {
  return useInfiniteQuery({
    ...pagedQuery(messagingKeys.contacts, '/care-links', careLinkListSchema, {
      limit: PAGE_LIMIT_MAX,
    }),
    select: (data): Contact[] =>
      data.pages.flatMap((page) =>
        page.careLinks.map((link) =>
          userType === 'patient'
            ? { _id: link.doctor._id, name: `Dr. ${link.doctor.firstname} ${link.doctor.lastname}` }
            : { _id: link.patient._id, name: `${link.patient.firstname} ${link.patient.lastname}` },
        ),
      ),
  });
}
