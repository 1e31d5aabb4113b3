// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VideoPlayer } from './video-player';

function mount(captions?: { src: string; label: string; language: string } | null) {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <VideoPlayer
        courseId="c1"
        lessonId="l1"
        src="/uploads/v.webm"
        title="Welcome"
        startAt={0}
        track={false}
        captions={captions}
      />
    </QueryClientProvider>,
  );
}

describe('VideoPlayer', () => {
  it('adds the lesson captions as a default captions track', () => {
    mount({ src: '/uploads/1b7c8a1e.vtt', label: 'Yorùbá', language: 'yo' });
    const track = screen.getByTestId('lesson-video').querySelector('track');
    expect(track).not.toBeNull();
    expect(track!.getAttribute('kind')).toBe('captions');
    expect(track!.getAttribute('src')).toBe('/uploads/1b7c8a1e.vtt');
    expect(track!.getAttribute('srclang')).toBe('yo');
    expect(track!.getAttribute('label')).toBe('Yorùbá');
    expect(track!.hasAttribute('default')).toBe(true);
  });

  it('has no track without captions', () => {
    mount(null);
    expect(screen.getByTestId('lesson-video').querySelector('track')).toBeNull();
  });

  it('offers playback speeds and sets the one chosen', () => {
    mount();
    const speed = screen.getByLabelText('Speed');
    fireEvent.change(speed, { target: { value: '1.5' } });
    expect((screen.getByTestId('lesson-video') as HTMLVideoElement).playbackRate).toBe(1.5);
  });
});
