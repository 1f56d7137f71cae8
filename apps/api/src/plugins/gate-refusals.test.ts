import { describe, expect, it } from 'vitest';
import { USER_TYPES, type UserType } from '@tend/shared';
import { translateMessage } from '@tend/shared/messages-es';
import { gate } from './gates.ts';

/** Every non-empty set of roles a gate may admit, in the order USER_TYPES lists them. */
function roleSets(): [UserType, ...UserType[]][] {
  const sets: [UserType, ...UserType[]][] = [];
  for (let mask = 1; mask < 1 << USER_TYPES.length; mask++) {
    const set = USER_TYPES.filter((_, i) => mask & (1 << i));
    sets.push(set as [UserType, ...UserType[]]);
  }
  return sets;
}

describe('a gate’s refusal of another role', () => {
  it('names the roles in plain English plurals', () => {
    expect(gate.roles('pharmacy').wrongRole).toBe('This is only for pharmacies.');
    expect(gate.roles('patient', 'pharmacy').wrongRole).toBe(
      'This is only for patients and pharmacies.',
    );
    expect(gate.roles('patient', 'doctor', 'pharmacy').wrongRole).toBe(
      'This is only for patients, doctors and pharmacies.',
    );
  });

  it.each(roleSets().map((set) => [set.join(', '), set] as const))(
    'has Spanish words for a gate of %s, with no English role left in them',
    (_, set) => {
      const english = gate.roles(...set).wrongRole;
      expect(english).not.toMatch(/pharmacys|\{\{/);
      const spanish = translateMessage(english, 'es');
      expect(spanish).toMatch(/^Esto es solo para /);
      expect(spanish).not.toMatch(/patients|doctors|pharmac|\band\b/);
    },
  );
});
