import { describe, expect, it } from 'vitest';
import { stageNotice } from './stage-notice';

const job = { title: 'Junior data analyst', companyName: 'Adire Analytics' };

describe('stageNotice', () => {
  it('names the company once in an offer', () => {
    const { title, message } = stageNotice('offered', job);
    expect(title).toBe('Application: offer made');
    expect(message).toBe('Congratulations! Adire Analytics has made you an offer for "Junior data analyst".');
    expect(message.split('Adire Analytics')).toHaveLength(2);
  });

  it('says where for the other stages', () => {
    expect(stageNotice('hired', job).message).toBe(
      'Congratulations! You have been hired for "Junior data analyst" at Adire Analytics.',
    );
    expect(stageNotice('shortlisted', job).message).toBe(
      'Your application to "Junior data analyst" at Adire Analytics is now at the stage: Shortlisted.',
    );
  });
});
