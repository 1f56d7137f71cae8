import { useNavigate } from 'react-router';
import { noticeState } from '../../../lib/notice';

/** The medication list, where a form goes back to once saved (or cancelled). */
export const MEDICATIONS_PATH = '/patient/medications';

/** Back to the list after a save, which says in words what was saved. */
export function useBackToList() {
  const navigate = useNavigate();
  return (message: string) =>
    navigate(MEDICATIONS_PATH, { state: noticeState({ tone: 'success', message }) });
}
