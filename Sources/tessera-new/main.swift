import TesseraNew

// `tessera-new NAME`: a new Tessera app, from a tool that carries nothing else.
NewCommand.main()
