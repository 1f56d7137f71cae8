// Mantine's styles for the public pages only, in its documented order: the global styles, then
// each component the landing page, its header and footer (with the phone menu drawer, the notice
// and the subscribe form) use, each after the components it is built on
// (https://mantine.dev/styles/css-files-list). The app's entry (main.tsx) imports this set too,
// for what it draws before its first page's code has loaded, which brings the rest
// (all-mantine-styles.ts).
// The `.layer` files put Mantine in a CSS layer, so our own styles win whichever loads last.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/Container.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/ThemeIcon.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import '@mantine/core/styles/Burger.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Drawer.layer.css';
