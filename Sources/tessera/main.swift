import Tessera
import TesseraDemo

// The demo community, started through the entry point every Tessera app uses.
await DemoApp.main()
