import type { CameraSource } from '@lyceum/contract';

// Camera snapshots for exams that ask for them: the front (1) or rear (2) camera, a frame drawn to a
// canvas every `intervalSeconds`, sent as a JPEG. When the camera is refused or missing, nothing is
// reported (there is no event type for it, and a refusal is not misconduct by itself): the page shows
// a banner with a retry, and the monitor sees that no snapshots arrive.
export interface CameraHooks {
  upload(image: Blob): Promise<void>;
  onState(state: CameraState): void;
  // The permission prompt takes the focus: not a screen switch (until it is answered).
  beforePrompt(): void;
  afterPrompt(): void;
}

export type CameraState = 'off' | 'starting' | 'on' | 'denied';

const WIDTH = 320;
const FIRST_SNAPSHOT_MS = 3000;

export class Camera {
  private stream: MediaStream | null = null;
  private video: HTMLVideoElement | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;

  constructor(
    private readonly source: CameraSource,
    private readonly intervalSeconds: number,
    private readonly hooks: CameraHooks,
  ) {}

  // The stream, for the small preview the page shows.
  get mediaStream(): MediaStream | null {
    return this.stream;
  }

  async start(): Promise<void> {
    this.stopped = false;
    this.hooks.onState('starting');
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error('no camera API');
      this.hooks.beforePrompt();
      this.stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: this.source === 1 ? 'user' : 'environment', width: { ideal: 640 } },
        audio: false,
      });
    } catch {
      this.hooks.afterPrompt();
      this.hooks.onState('denied');
      return;
    }
    this.hooks.afterPrompt();
    if (this.stopped) {
      this.release();
      return;
    }
    const video = document.createElement('video');
    video.muted = true;
    video.playsInline = true;
    video.srcObject = this.stream;
    await video.play().catch(() => undefined);
    this.video = video;
    // The camera may be taken away (unplugged, revoked).
    for (const track of this.stream.getVideoTracks())
      track.addEventListener('ended', () => this.hooks.onState('denied'));
    this.hooks.onState('on');
    this.next(FIRST_SNAPSHOT_MS);
  }

  private next(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.snapshot().finally(() => this.next(this.intervalSeconds * 1000));
    }, ms);
  }

  private async snapshot(): Promise<void> {
    const video = this.video;
    if (!video?.videoWidth) return;
    const canvas = document.createElement('canvas');
    canvas.width = WIDTH;
    canvas.height = Math.round((WIDTH * video.videoHeight) / video.videoWidth);
    canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.7));
    if (!blob) return;
    // A snapshot that cannot be sent is dropped: the next one follows at the interval.
    await this.hooks.upload(blob).catch(() => undefined);
  }

  private release(): void {
    for (const track of this.stream?.getTracks() ?? []) track.stop();
    this.stream = null;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.release();
    this.video = null;
    this.hooks.onState('off');
  }
}
