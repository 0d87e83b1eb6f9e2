/**
 * The board's lanes wrap onto a second row from the tablet width up instead of scrolling (issue 36):
 * at 1440 px the last lane, "Problems", went behind a scroll arrow as soon as a vertical scrollbar (the
 * restaurants' chips above make the page taller) or two-digit counts took the last pixels. The
 * sliding indicator cannot follow a wrapped row, so the selected lane is underlined itself. Phones
 * keep the one scrolling row.
 */
export const WRAP_LANES = {
  '& .MuiTabs-list': { flexWrap: { sm: 'wrap' } },
  '& .MuiTabs-indicator': { display: { sm: 'none' } },
  // The selected lane's text is the primary colour: its underline too.
  '& .MuiTab-root.Mui-selected': { boxShadow: { sm: 'inset 0 -2px 0 currentColor' } },
} as const;
