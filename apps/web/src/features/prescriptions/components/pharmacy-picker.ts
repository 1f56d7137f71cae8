import type { PharmacySummary } from '@tend/shared';
import type { ReactNode } from 'react';

/**
 * The pharmacy directory's search with a button on each pharmacy. The app hands it in (the
 * pharmacies feature owns the directory), so neither feature imports the other.
 */
export type PharmacyPicker = (action: (pharmacy: PharmacySummary) => ReactNode) => ReactNode;
