import { useState } from 'react';

/**
 * Whether a dialog or menu has been open at least once: left unrendered until first asked for (a board
 * row carries three of them, each a modal's worth of rendering, and a board renders hundreds of rows),
 * then kept, so that it still closes with its transition.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
