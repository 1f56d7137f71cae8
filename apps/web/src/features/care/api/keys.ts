/** The cache keys of the patient's sharing: links, the doctor directory and the access log. */
export const careKeys = {
  links: ['care-links'] as const,
  doctors: (q: string) => ['doctors', q] as const,
  accessLog: ['access-log'] as const,
};
