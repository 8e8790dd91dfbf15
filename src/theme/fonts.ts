// The console's typefaces, served with it (every Latin, Greek and Cyrillic subset, each fetched
// only when a page uses it): the console looks the same on every machine, and so do its stories'
// screenshots.
import '@fontsource-variable/inter';
import '@fontsource-variable/jetbrains-mono';
