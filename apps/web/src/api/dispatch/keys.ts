/** Query keys of dispatch (decision 0024): the operation's settings, read by the board and its screen. */
export const dispatchKeys = {
  all: ['dispatch'] as const,
  settings: () => [...dispatchKeys.all, 'settings'] as const,
  /** The board's suggestions (suggest mode): they move with orders, drivers and the settings. */
  suggestions: () => [...dispatchKeys.all, 'suggestions'] as const,
};
