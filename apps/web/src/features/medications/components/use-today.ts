import { localDate, myAdherenceSchema } from '@tend/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActingFor } from '../../../lib/acting-for';
import { getQuery } from '../../../lib/api-hooks';
import { useEffect, useRef, useState } from 'react';
import { useMe } from '../../../lib/me';
import { deviceTimeZone } from '../../../lib/time-zone';
import { medicationKeys } from '../api/keys';

const CHECK_EVERY_MS = 60_000;

/**
 * Today's date (YYYY-MM-DD) in the patient's own time zone, the one the server counts doses in;
 * the device's until the profile has loaded. When the day turns, the medications are fetched
 * again, so a checklist left open overnight starts the new day unticked.
 */
export function usePatientToday(): string {
  const me = useMe();
  const timeZone = me.data?.timezone ?? deviceTimeZone() ?? 'UTC';
  // While caring for someone, their today: the adherence answer ends on it (their zone is not
  // shared with the caregiver); one's own until it has come.
  const acting = useActingFor();
  const theirs = useQuery({
    ...getQuery(medicationKeys.adherence(1), '/medications/adherence?days=1', myAdherenceSchema),
    enabled: acting !== null,
  });
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), CHECK_EVERY_MS);
    return () => window.clearInterval(timer);
  }, []);
  const today = (acting && theirs.data?.to) || localDate(new Date(now), timeZone);

  const queryClient = useQueryClient();
  const seen = useRef(today);
  useEffect(() => {
    if (seen.current === today) return;
    seen.current = today;
    void queryClient.invalidateQueries({ queryKey: medicationKeys.all });
  }, [today, queryClient]);
  return today;
}
