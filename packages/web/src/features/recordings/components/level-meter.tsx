import { useEffect, useState } from 'react';
import styles from './recordings.module.css';

/** Redrawn at most this often: enough to see the voice, little work for a phone. */
const FRAME_MS = 60;

/**
 * How loud the microphone is while a take is recorded (issue 35), so the parent sees at once
 * whether the phone hears them. The level is the take's loudness (RMS), scaled so that normal
 * speech fills most of the bar.
 */
export function LevelMeter({ stream }: { stream: MediaStream }) {
  const [level, setLevel] = useState(0);
  useEffect(() => {
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 1024;
    const source = context.createMediaStreamSource(stream);
    source.connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    let frame = 0;
    let last = 0;
    const draw = (now: number) => {
      frame = requestAnimationFrame(draw);
      if (now - last < FRAME_MS) return;
      last = now;
      analyser.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const sample of samples) sum += sample * sample;
      const rms = Math.sqrt(sum / samples.length);
      setLevel(Math.min(100, Math.round(rms * 400)));
    };
    frame = requestAnimationFrame(draw);
    return () => {
      cancelAnimationFrame(frame);
      source.disconnect();
      void context.close();
    };
  }, [stream]);
  return (
    <div
      className={styles.meter}
      role="meter"
      aria-label="Microphone level"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={level}
    >
      <div className={styles.meterBar} style={{ width: `${level}%` }} />
    </div>
  );
}
