import Tessera
import TesseraDemo
import ArgumentParser
