import { type ComponentType, type LazyExoticComponent, type ReactNode, Suspense, useState } from 'react';

/** Props the placeholder trigger spreads on its button so that using it loads the real menu. */
export interface ArmProps {
  onPointerEnter: () => void;
  onFocus: () => void;
  onClick: () => void;
  'aria-haspopup': 'menu';
  'aria-expanded': false;
}

/** What the real menu receives: open at once (its button was clicked) and take keyboard focus. */
export interface DeferredMenuProps {
  defaultOpened: boolean;
  focusOnMount: boolean;
}

/**
 * A top-bar menu whose code (Mantine Menu, Popover, floating-ui) is fetched when the person first points
 * at or focuses its button and mounted when they click it, not with the page. Until then a look-alike
 * button stands in (the same element throughout, so a click is never lost).
 */
export function DeferredMenu<P extends object>({
  menu: Menu,
  preload,
  menuProps,
  placeholder,
}: {
  menu: LazyExoticComponent<ComponentType<DeferredMenuProps & P>>;
  /** Starts fetching the menu's code. */
  preload: () => unknown;
  menuProps: P;
  placeholder: (arm: ArmProps) => ReactNode;
}) {
  const [armed, setArmed] = useState(false);
  const props: ArmProps = {
    onPointerEnter: preload,
    onFocus: preload,
    onClick: () => setArmed(true),
    'aria-haspopup': 'menu',
    'aria-expanded': false,
  };
  if (!armed) return placeholder(props);
  return (
    <Suspense fallback={placeholder(props)}>
      <Menu {...menuProps} defaultOpened focusOnMount />
    </Suspense>
  );
}
