import { useEffect, useRef } from 'react';
import { commandForKey, type PracticeCommand } from '../lib/keyboard';

/** Listens for the practice shortcuts on the whole page while `enabled`. */
export function usePracticeKeys(enabled: boolean, onCommand: (command: PracticeCommand) => void) {
  // The latest handler without re-subscribing on every render.
  const handler = useRef(onCommand);
  useEffect(() => {
    handler.current = onCommand;
  });

  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const dialogOpen = document.querySelector('dialog[open]') !== null;
      const command = commandForKey(event, dialogOpen);
      if (!command) return;
      // Space would otherwise scroll, or press whichever button has focus (say, "Easy").
      event.preventDefault();
      handler.current(command);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
