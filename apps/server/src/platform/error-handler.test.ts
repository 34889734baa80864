import { describe, expect, it } from 'vitest';
import { describeIssue } from './error-handler';

describe('describeIssue', () => {
  it('names the field path and says "is required" for a missing field', () => {
    expect(
      describeIssue(
        {
          keyword: 'invalid_type',
          instancePath: '/userName',
          message: 'Invalid input: expected string, received undefined',
        },
        'body',
      ),
    ).toBe('userName: is required');
    expect(describeIssue({ keyword: 'too_small', instancePath: '/roles/0/id', message: 'Too small' }, 'body')).toBe(
      'roles.0.id: Too small',
    );
    expect(describeIssue({ keyword: 'invalid_type', instancePath: '/', message: 'expected object' }, 'body')).toBe(
      'body: expected object',
    );
  });
});
