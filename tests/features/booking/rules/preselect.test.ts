import { describe, expect, it } from 'vitest';
import { matchService, serviceHint } from '~/features/booking/rules/preselect';

const services = [
  { name: 'Guldpakken' },
  { name: 'Guldpakken polering' },
  { name: 'Premiumpakken' },
  { name: 'Premiumpakken polering' },
  { name: 'Sølvpakken' },
  { name: 'Sølvpakken polering' },
];

describe('preselecting a service', () => {
  it('selects each of the six packages by its own title', () => {
    for (const service of services) expect(matchService(services, service.name)).toBe(service);
  });

  it('prefers an exact match, ignoring case, over a contains match', () => {
    expect(matchService(services, 'sølvPAKKEN')?.name).toBe('Sølvpakken');
  });

  it('falls back to the first name containing the text, ignoring case', () => {
    expect(matchService(services, 'POLERING')?.name).toBe('Guldpakken polering');
    expect(matchService(services, 'premium')?.name).toBe('Premiumpakken');
  });

  it('selects nothing when no name matches or the text is empty', () => {
    expect(matchService(services, 'Bådpolering')).toBeNull();
    expect(matchService(services, '  ')).toBeNull();
    expect(matchService(services, null)).toBeNull();
    expect(matchService([], 'Guldpakken')).toBeNull();
  });
});

describe('the service hint of a navigation', () => {
  it('reads the navigation state first', () => {
    expect(serviceHint({ service: 'Guldpakken' }, '?service=Sølvpakken')).toBe('Guldpakken');
  });

  it('reads ?service= when there is no state', () => {
    expect(serviceHint(null, '?service=S%C3%B8lvpakken%20polering')).toBe('Sølvpakken polering');
  });

  it('ignores state of another shape and an empty query', () => {
    expect(serviceHint({ service: 42 }, '')).toBeNull();
    expect(serviceHint('Guldpakken', '?service=')).toBeNull();
  });
});
