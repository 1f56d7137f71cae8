// Mantine's styles for the sign-in page: the public pages' set (public-styles.ts), then the
// components only the sign-in form adds, in Mantine's documented order
// (https://mantine.dev/styles/css-files-list): the password field's show/hide button, the
// "Forgot password?" link and the password field.
import './public-styles';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
