import { useCallback, useEffect, useRef, useState } from 'react';
import type QrScannerType from 'qr-scanner';
import { SCANNER_RESTART_DELAY_MS } from '@shared/constants.js';
import { CHECKIN_MESSAGES } from '@shared/checkin-model.js';
import { CHECKIN_TEXT, DECODE_TIMEOUT_MS, MAX_SCANS_PER_SECOND, cameraErrorText, cameraUnavailableText, scanRegion, status, type StatusMessage } from './checkin.js';
import { connection } from './connection.js';

type QrScannerClass = typeof QrScannerType;
type Phase = 'stopped' | 'starting' | 'running' | 'unavailable';

/** qr-scanner and its worker load only when the camera starts (a separate chunk). */
function loadQrScanner(): Promise<QrScannerClass> {
  return import('qr-scanner').then((module) => module.default);
}

function cameraEnvironment() {
  return { secure: window.isSecureContext, hasMediaDevices: Boolean(navigator.mediaDevices?.getUserMedia) };
}

const DOWNSCALED = 400;

export interface ScannerProps {
  /** A decoded QR code's text. */
  onScan: (text: string) => void;
  /** Hints for the status area ('No QR code found'); camera errors show once, beside the camera's buttons. */
  onStatus: (message: StatusMessage) => void;
  busy?: boolean;
}

/**
 * The camera scanner (SPEC §2, §9): up to 25 scans/s over the centre two thirds of the video;
 * 'Try High-Sensitivity Mode' scans the whole frame and prefers the rear camera.
 */
export function Scanner({ onScan, onStatus, busy = false }: ScannerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const scannerRef = useRef<QrScannerType | null>(null);
  const wholeFrame = useRef(false);
  const [phase, setPhase] = useState<Phase>(() => (cameraUnavailableText(cameraEnvironment()) ? 'unavailable' : 'stopped'));
  const [highSensitivity, setHighSensitivity] = useState(false);
  const [unavailable, setUnavailable] = useState<string | null>(() => cameraUnavailableText(cameraEnvironment()));
  // A camera error a button press met is announced (an alert); one known on arrival is just shown.
  const [alerted, setAlerted] = useState(false);
  const onScanRef = useRef(onScan);
  const onStatusRef = useRef(onStatus);
  onScanRef.current = onScan;
  onStatusRef.current = onStatus;

  const stop = useCallback(() => {
    scannerRef.current?.destroy();
    scannerRef.current = null;
    setPhase((current) => (current === 'unavailable' ? current : 'stopped'));
  }, []);

  useEffect(() => () => scannerRef.current?.destroy(), []);

  // The decode timeout: running this long without reading a code says so, and suggests the whole frame.
  useEffect(() => {
    if (phase !== 'running') return;
    const timer = window.setTimeout(() => onStatusRef.current(status('info', CHECKIN_MESSAGES.noQrCode)), DECODE_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [phase]);

  const fail = (error: unknown) => {
    // Offline as the door's own calls found it, not as navigator.onLine says (issue 24 item 4).
    const text = cameraErrorText(error, window.isSecureContext, connection() !== 'offline');
    scannerRef.current?.destroy();
    scannerRef.current = null;
    // Shown once, in the scanner's own line (issue 24 item 17): the status area above is for tickets.
    setUnavailable(text);
    setAlerted(true);
    setPhase('unavailable');
  };

  const start = async () => {
    const video = videoRef.current;
    if (!video) return;
    const blocked = cameraUnavailableText(cameraEnvironment());
    if (blocked) {
      fail(blocked === CHECKIN_MESSAGES.cameraHttpsRequired ? new Error('https') : Object.assign(new Error('unsupported'), { name: 'NotSupportedError' }));
      return;
    }
    setPhase('starting');
    try {
      const QrScanner = await loadQrScanner();
      scannerRef.current?.destroy();
      const scanner = new QrScanner(video, (result) => onScanRef.current(result.data), {
        maxScansPerSecond: MAX_SCANS_PER_SECOND,
        preferredCamera: 'environment',
        highlightScanRegion: true,
        highlightCodeOutline: true,
        returnDetailedScanResult: true,
        onDecodeError: () => undefined,
        calculateScanRegion: (element) => {
          const region = scanRegion({ width: element.videoWidth, height: element.videoHeight }, wholeFrame.current);
          const scale = Math.min(1, DOWNSCALED / Math.max(region.width, region.height, 1));
          return { ...region, downScaledWidth: Math.round(region.width * scale), downScaledHeight: Math.round(region.height * scale) };
        },
      });
      scannerRef.current = scanner;
      await scanner.start();
      setUnavailable(null);
      setPhase('running');
    } catch (error) {
      fail(error);
    }
  };

  const restart = async () => {
    stop();
    await new Promise((resolve) => window.setTimeout(resolve, SCANNER_RESTART_DELAY_MS));
    await start();
  };

  const toggleSensitivity = async () => {
    wholeFrame.current = !wholeFrame.current;
    setHighSensitivity(wholeFrame.current);
    // The whole frame and the rear camera: restart so the new region and camera apply.
    if (scannerRef.current) {
      await scannerRef.current.setCamera('environment').catch(() => undefined);
      await restart();
    }
  };

  const refresh = async () => {
    const blocked = cameraUnavailableText(cameraEnvironment());
    if (blocked) {
      setUnavailable(blocked);
      setAlerted(true);
      return;
    }
    const QrScanner = await loadQrScanner();
    if (await QrScanner.hasCamera()) {
      setUnavailable(null);
      setPhase('stopped');
    } else {
      setUnavailable(CHECKIN_MESSAGES.cameraNotFound);
      setAlerted(true);
    }
  };

  const scanPhoto = async (file: File | undefined) => {
    if (!file) return;
    try {
      const QrScanner = await loadQrScanner();
      const result = await QrScanner.scanImage(file, { returnDetailedScanResult: true, alsoTryWithoutScanRegion: true });
      onScanRef.current(result.data);
    } catch {
      onStatusRef.current(status('notFound', CHECKIN_MESSAGES.noQrCode));
    }
  };

  const running = phase === 'running' || phase === 'starting';
  return (
    <div className="scanner">
      <div className="scanner-actions">
        {!running ? (
          <button type="button" className="btn btn-primary" onClick={() => void start()} disabled={busy || phase === 'unavailable'}>
            {CHECKIN_TEXT.startCamera}
          </button>
        ) : (
          <>
            <button type="button" className="btn btn-outline" onClick={stop}>
              {CHECKIN_TEXT.stopScanner}
            </button>
            <button type="button" className="btn btn-outline" onClick={() => void restart()} disabled={phase === 'starting'}>
              {CHECKIN_TEXT.restartScanner}
            </button>
          </>
        )}
        {phase === 'unavailable' ? (
          <button type="button" className="btn btn-outline" onClick={() => void refresh()}>
            {CHECKIN_TEXT.refreshCamera}
          </button>
        ) : null}
        <button type="button" className="btn btn-outline" aria-pressed={highSensitivity} onClick={() => void toggleSensitivity()}>
          {highSensitivity ? CHECKIN_TEXT.standardMode : CHECKIN_TEXT.highSensitivity}
        </button>
        <label className="btn btn-outline scanner-photo">
          Scan a Photo
          <input
            type="file"
            accept="image/*"
            className="visually-hidden"
            onChange={(e) => {
              void scanPhoto(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </label>
      </div>
      {/* Camera errors show here only (issue 24 item 17); the status area above is for tickets. */}
      {unavailable ? (
        <p className="scanner-unavailable" role={alerted ? 'alert' : undefined}>
          {unavailable}
        </p>
      ) : null}
      <div className={running ? 'scanner-view' : 'scanner-view scanner-view--hidden'} aria-hidden={!running}>
        <video ref={videoRef} muted playsInline aria-label="Camera view" />
        <p className="scanner-hint">{phase === 'starting' ? CHECKIN_TEXT.startingCamera : CHECKIN_TEXT.pointCamera}</p>
      </div>
    </div>
  );
}
