import { describe, expect, it } from 'vitest';
import { toMarkers } from './assign-markers';

describe('markers from the picks per question', () => {
  it('gathers each marker’s questions, in order', () => {
    expect(toMarkers({ '12': [7, 3], '5': [3], '9': undefined, '20': [] })).toEqual([
      { userId: 3, questionIds: [5, 12] },
      { userId: 7, questionIds: [12] },
    ]);
  });

  it('is empty when nobody is picked (everyone marks everything)', () => {
    expect(toMarkers({ '12': [], '5': undefined })).toEqual([]);
  });
});
